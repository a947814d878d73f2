/** Removes ANSI colour codes from one line of Prism's output. */
export function stripAnsi(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escapes start with ESC.
  return text.replace(/\u001b\[[0-9;]*m/g, "");
}

/** True when a line of Prism's stdout says the server is accepting connections. */
export function isReadyLine(line: string): boolean {
  return /Prism is listening on/.test(line);
}

/**
 * Prism's own explanation of a failed start: the text of its `fatal` log line (with the lines that
 * continue it), else what it wrote to stderr without the usage text yargs prints on failure.
 */
export function prismFailureMessage(stdout: string, stderr: string): string {
  const fatal: string[] = [];
  let inFatal = false;
  for (const raw of stdout.split(/\r?\n/)) {
    const line = stripAnsi(raw);
    const match = /\bfatal\s+(.*)$/.exec(line);
    if (match) {
      inFatal = true;
      if (match[1]?.trim()) fatal.push(match[1].trim());
    } else if (inFatal && line.trim() && !line.startsWith("[")) {
      fatal.push(line.trim());
    } else {
      inFatal = false;
    }
  }
  if (fatal.length > 0) return fatal.join("\n");
  const paragraphs = stripAnsi(stderr)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p && !/^(prism (mock|proxy)\b|Positionals:|Options:)/.test(p));
  return paragraphs.join("\n").trim();
}
