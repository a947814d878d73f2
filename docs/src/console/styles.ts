// The console's look: scoped to .mp-try-it, neutral colours that read on Redoc's light and dark modes.
export const CONSOLE_CSS = `
.mp-try-it{margin:0 40px 32px;padding:16px 20px;border:1px solid rgba(128,128,128,.35);border-radius:8px;font-size:14px;max-width:1100px}
.mp-try-it h3{margin:0 0 12px;font-size:18px}
.mp-try-it .mp-field{display:flex;flex-direction:column;gap:4px;margin:0 0 10px}
.mp-try-it .mp-field>.mp-label,.mp-curl-box>span{font-weight:600;font-size:13px;text-transform:none;letter-spacing:0}
.mp-try-it .mp-where{font-weight:400;font-family:inherit;opacity:.7;margin-left:6px}
.mp-try-it input::placeholder,.mp-try-it textarea::placeholder{opacity:.55;font-style:italic}
.mp-try-it input[type=url],.mp-try-it input[type=text],.mp-try-it input[type=password],.mp-try-it select,.mp-try-it textarea{font:inherit;padding:6px 8px;border:1px solid rgba(128,128,128,.5);border-radius:4px;background:transparent;color:inherit}
.mp-try-it textarea,.mp-try-it pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px}
.mp-try-it textarea{width:100%;box-sizing:border-box;resize:vertical}
.mp-token{display:flex;gap:12px;align-items:flex-end;flex-wrap:wrap}.mp-token .mp-field{flex:1 1 300px}.mp-remember{margin-bottom:16px}
.mp-derived{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0}.mp-derived dt{font-weight:600}.mp-derived dd{margin:0;font-family:ui-monospace,monospace}
.mp-problems{color:#c62828;margin:0 0 8px;padding-left:20px}.mp-problems:empty,.mp-issues:empty{display:none}
.mp-actions{display:flex;gap:12px;align-items:center}.mp-note{margin:0;opacity:.85}
.mp-next-page{font:inherit;padding:4px 14px;border-radius:4px;border:1px solid #1565c0;background:transparent;color:inherit;cursor:pointer}
.mp-send-anyway{font:inherit;padding:5px 14px;border-radius:4px;border:1px solid #c62828;background:transparent;color:inherit;cursor:pointer}
.mp-sent-anyway{margin:8px 0;padding:8px 12px;border-left:4px solid #f9a825;background:rgba(249,168,37,.12)}.mp-sent-anyway .mp-problems{margin:4px 0 0}
.mp-send{font:inherit;font-weight:600;padding:6px 18px;border-radius:4px;border:0;background:#1565c0;color:#fff;cursor:pointer}.mp-send:disabled{opacity:.5}
.mp-result{margin-top:14px}.mp-summary{display:flex;gap:12px;align-items:center;font-weight:600}
.mp-badge{padding:2px 8px;border-radius:10px;font-size:12px}.mp-conforms{background:#2e7d32;color:#fff}.mp-violates{background:#c62828;color:#fff}.mp-documented-error{background:#f9a825;color:#1b1b1b}
.mp-try-it pre{white-space:pre-wrap;word-break:break-word;padding:8px;border-radius:4px;background:rgba(128,128,128,.12);max-height:400px;overflow:auto}
.mp-issues{color:#c62828;padding-left:20px}
.mp-announce{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.mp-try-it :focus,.mp-try-it :focus-visible{outline:3px solid #0d47a1;outline-offset:2px}
.mp-curl-box{margin-top:12px}.mp-curl:empty::before{content:"(shown after sending)";opacity:.6}
`;
