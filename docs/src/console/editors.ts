// The panel's inputs beyond base URL and token: one field per path, query and header parameter, one per API key,
// and a body editor per request media type (JSON text, a form with file inputs, plain text, one file).
// Each reads what was typed into checked values; the rules live in parameters.ts, body.ts and security.ts.
import type {
  Issue,
  Json,
  MediaSpec,
  OperationSpec,
  ParameterSpec,
  SpecAjv,
} from "@merchant-payments/spec/model";
import { urlencodedBody } from "@merchant-payments/spec/wire";
import {
  bodyKind,
  checkForm,
  type FormField,
  type FormInput,
  formFields,
  initialFieldText,
  multipartBody,
  multipartParts,
  newBoundary,
} from "./body.js";
import { type Child, field, h } from "./dom.js";
import {
  checkParameters,
  initialParameterFieldText,
  initialParameterText,
  isArrayParameter,
  parameterFields,
  schemaKind,
} from "./parameters.js";
import { checkBody, exampleText, type Payload, requestExamples } from "./request.js";
import { apiKeySchemes, secretLabel } from "./security.js";

/** The parameter fields of a panel and how to read them. */
export interface ParameterInputs {
  /** The fields, to add to the form (none when the operation has no parameters). */
  readonly elements: readonly HTMLElement[];
  /** Reads and checks every field. */
  read(specAjv: SpecAjv): { values: ReadonlyMap<ParameterSpec, unknown>; issues: readonly Issue[] };
}

/** The enum of a parameter's values (of its items, for an array), when its schema closes them; else undefined. */
function enumOf(param: ParameterSpec): readonly unknown[] | undefined {
  const schema = isArrayParameter(param)
    ? ((param.schema.items ?? {}) as Record<string, unknown>)
    : param.schema;
  return Array.isArray(schema.enum) && schema.enum.length > 0 ? schema.enum : undefined;
}

/** The control of one parameter: a select for an enum (several choices for an array), else a line or lines. */
function parameterControl(
  op: OperationSpec,
  param: ParameterSpec,
  name: string,
): HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
  const initial = initialParameterFieldText(op, param);
  const values = enumOf(param);
  if (values) {
    const multiple = isArrayParameter(param);
    const select = h("select", {
      name,
      ...(multiple ? { multiple: "", size: String(Math.min(values.length, 6)) } : {}),
    });
    // An optional single choice starts empty (not sent); the example is a hint, not a value.
    if (!multiple)
      select.append(h("option", { value: "" }, param.required ? "(choose)" : "(not sent)"));
    const chosen = new Set(param.required ? initial.split("\n") : []);
    for (const value of values) {
      const option = h("option", { value: String(value) }, String(value));
      option.selected = chosen.has(String(value));
      select.append(option);
    }
    return select;
  }
  const control = isArrayParameter(param)
    ? h("textarea", { name, rows: "3", spellcheck: "false" })
    : h("input", { name, type: "text", spellcheck: "false" });
  // A required parameter starts with its example (else default); an optional one starts empty, the example shown
  // as a placeholder and sent only when the reader types it (an example cursor would fetch a later page first).
  if (param.required) control.value = initial;
  const example = initialParameterText(param);
  if (example !== "") control.placeholder = example;
  return control;
}

/** The text a parameter's control holds, as `checkParameters` reads it: a select's chosen values one per line. */
function controlText(control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): string {
  if (control instanceof HTMLSelectElement)
    return [...control.selectedOptions].map((option) => option.value).join("\n");
  return control.value;
}

/**
 * One field per path, query and header parameter, labelled with its name as the spec writes it: a select for an
 * enum, lines (one value per line) for an array, a line otherwise.
 */
export function parameterInputs(op: OperationSpec): ParameterInputs {
  const params = parameterFields(op);
  const controls = new Map<
    ParameterSpec,
    HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
  >();
  const elements = params.map((param) => {
    const control = parameterControl(op, param, `param-${param.in}-${param.name}`);
    controls.set(param, control);
    const hint =
      control instanceof HTMLSelectElement
        ? control.multiple
          ? "choose any (Ctrl or Shift for several)"
          : ""
        : isArrayParameter(param)
          ? "one value per line"
          : schemaKind(param.schema) === "object"
            ? "JSON object"
            : "";
    const where = `${param.in}, ${param.required ? "required" : "optional"}`;
    return field(param.name, control, hint ? h("small", {}, hint) : undefined, where);
  });
  return {
    elements,
    read: (specAjv) =>
      checkParameters(specAjv, params, new Map([...controls].map(([p, c]) => [p, controlText(c)]))),
  };
}

/**
 * One password field per secret besides the token the operation's security alternatives take (an API key, or Basic
 * `user:password`), named `apiKey-<scheme key>`.
 */
export function apiKeyInputs(op: OperationSpec): {
  elements: readonly HTMLElement[];
  read(): ReadonlyMap<string, string>;
} {
  const controls = apiKeySchemes(op).map((scheme) => {
    const control = h("input", {
      name: `apiKey-${scheme.key}`,
      type: "password",
      autocomplete: "off",
    });
    return { scheme, control };
  });
  return {
    elements: controls.map(({ scheme, control }) => field(secretLabel(scheme), control)),
    read: () => new Map(controls.map(({ scheme, control }) => [scheme.key, control.value.trim()])),
  };
}

/** A read body: the payload to send, or the problems that keep it from being sent. */
type ReadBody =
  | { readonly ok: true; readonly payload: Payload | undefined; readonly json?: unknown }
  | { readonly ok: false; readonly issues: readonly Issue[] };

/** The editor of one request media type. */
export interface BodyEditor {
  /** The media type it edits. */
  readonly media: MediaSpec;
  /** The editor's DOM: a labelled textarea or file input, or a fieldset of form fields; shown for its media type. */
  readonly element: HTMLElement;
  /** Reads and checks what was entered. */
  read(specAjv: SpecAjv): ReadBody;
  /**
   * What was entered, unchecked, for "Send anyway" (JSON that does not parse goes out as typed); absent for
   * editors whose body cannot be written without its checks (forms, files).
   */
  readonly readUnchecked?: () => Payload;
}

function jsonEditor(op: OperationSpec, media: MediaSpec, onInput: () => void): BodyEditor {
  const examples = media === op.request ? requestExamples(op) : media.examples;
  const body = h("textarea", { name: "body", spellcheck: "false", rows: "12" });
  body.value = exampleText(examples[0]?.value);
  body.addEventListener("input", onInput);
  const label = media.mediaType === "application/json" ? "JSON" : media.mediaType;
  return {
    media,
    element: field(`Request body (${label})`, body),
    read(specAjv) {
      const checked =
        media === op.request
          ? checkBody(specAjv, op, body.value)
          : checkBody(specAjv, { ...op, request: media }, body.value);
      if (!checked.ok) return { ok: false, issues: checked.problems };
      return {
        ok: true,
        payload: { kind: "json", mediaType: media.mediaType, value: checked.body },
        json: checked.body,
      };
    },
    readUnchecked() {
      try {
        return { kind: "json", mediaType: media.mediaType, value: JSON.parse(body.value) };
      } catch {
        return { kind: "text", mediaType: media.mediaType, text: body.value };
      }
    },
  };
}

function textEditor(media: MediaSpec): BodyEditor {
  const text = h("textarea", { name: "body-text", spellcheck: "false", rows: "8" });
  const example = media.examples[0]?.value;
  text.value = typeof example === "string" ? example : "";
  return {
    media,
    element: field(`Request body (${media.mediaType})`, text),
    read(specAjv) {
      const issues = specAjv.issuesAt(media.schemaPointer, text.value);
      return issues.length
        ? { ok: false, issues }
        : { ok: true, payload: { kind: "text", mediaType: media.mediaType, text: text.value } };
    },
    readUnchecked: () => ({ kind: "text", mediaType: media.mediaType, text: text.value }),
  };
}

function fileEditor(media: MediaSpec, required: boolean): BodyEditor {
  const input = h("input", { name: "body-file", type: "file" });
  return {
    media,
    element: field(`Request body (${media.mediaType}, a file)`, input),
    read() {
      const file = input.files?.[0];
      if (!file)
        return required
          ? {
              ok: false,
              issues: [{ path: "", message: "a file is required", keyword: "required" }],
            }
          : { ok: true, payload: undefined };
      return { ok: true, payload: { kind: "binary", mediaType: media.mediaType, file } };
    },
  };
}

function formControl(formField: FormField, example: Json): HTMLInputElement | HTMLTextAreaElement {
  const name = `form-${formField.name}`;
  if (formField.kind === "file" || formField.kind === "files") {
    const input = h("input", { name, type: "file" });
    if (formField.contentTypes.length) input.accept = formField.contentTypes.join(",");
    input.multiple = formField.kind === "files";
    return input;
  }
  const control =
    formField.kind === "json"
      ? h("textarea", { name, rows: "4", spellcheck: "false" })
      : h("input", { name, type: "text", spellcheck: "false" });
  control.value = initialFieldText(formField, example);
  return control;
}

function formEditor(document: Json, media: MediaSpec): BodyEditor {
  const fields = formFields(document, media);
  const example = media.examples[0]?.value;
  const controls = new Map(fields.map((f) => [f, formControl(f, example)]));
  const multipart = bodyKind(media.mediaType) === "multipart";
  const rows: Child[] = fields.map((f) => {
    const kind =
      f.kind === "file" || f.kind === "files"
        ? `${f.kind === "files" ? "files" : "file"}${f.contentTypes.length ? `: ${f.contentTypes.join(", ")}` : ""}`
        : f.kind === "json"
          ? "JSON"
          : "";
    return field(
      f.name,
      controls.get(f) as HTMLElement,
      kind ? h("small", {}, kind) : undefined,
      f.required ? "required" : "optional",
    );
  });
  const input = (): FormInput => ({
    texts: new Map(fields.map((f) => [f.name, controls.get(f)?.value ?? ""])),
    files: new Map(
      fields.map((f) => {
        const control = controls.get(f);
        return [
          f.name,
          control instanceof HTMLInputElement && control.files ? [...control.files] : [],
        ];
      }),
    ),
  });
  return {
    media,
    element: h(
      "fieldset",
      { class: "mp-form-body" },
      h("legend", {}, `Request body (${media.mediaType})`),
      ...rows,
    ),
    read(specAjv) {
      const entered = input();
      const checked = checkForm(specAjv, media, fields, entered);
      if (checked.issues.length) return { ok: false, issues: checked.issues };
      if (!multipart)
        return {
          ok: true,
          payload: { kind: "urlencoded", text: urlencodedBody(checked.value, media.encoding) },
        };
      const parts = multipartParts(fields, entered, checked.value);
      const { body, contentType } = multipartBody(parts, newBoundary());
      return { ok: true, payload: { kind: "multipart", parts, body, contentType } };
    },
  };
}

/** The editor of each request media type of `op`, in document order (none without a body). */
export function bodyEditors(
  document: Json,
  op: OperationSpec,
  onJsonInput: () => void,
): BodyEditor[] {
  return op.requestBodies.map((media) => {
    switch (bodyKind(media.mediaType)) {
      case "json":
        return jsonEditor(op, media, onJsonInput);
      case "text":
        return textEditor(media);
      case "binary":
        return fileEditor(media, op.requestBodyRequired);
      default:
        return formEditor(document, media);
    }
  });
}
