/**
 * Characters no text field, email address or path accepts, one pure rule for the browser, the
 * handlers' schemas and the local file server (issue 23): control characters (Unicode Cc: NUL,
 * escape, DEL; a multi-line field keeps tab, line feed and carriage return), format characters
 * (Cf: bidi overrides such as U+202E that reverse how a name or address reads, zero-width
 * characters, the soft hyphen, the byte-order mark) and unpaired surrogates (not text at all; they
 * break JSON and the stores downstream). The one format character kept is the zero-width joiner
 * between two emoji, which joins them into one (👩‍💻); it is refused everywhere else.
 */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cs}]/gu;
const MULTILINE_ALLOWED = new Set(['\t', '\n', '\r']);
const ZWJ = '\u200d';
const EMOJI_BEFORE = /(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\ufe0f)$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;

/** `U+202E` for a character. */
const codePoint = (c: string) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** The first character `value` must not contain, as `U+XXXX`, or undefined when it is clean. */
export function forbiddenCharacter(value: string, opts: { multiline?: boolean; emoji?: boolean } = {}): string | undefined {
  for (const m of value.matchAll(FORBIDDEN)) {
    const c = m[0];
    if (opts.multiline && MULTILINE_ALLOWED.has(c)) continue;
    if (opts.emoji && c === ZWJ && EMOJI_BEFORE.test(value.slice(0, m.index)) && EMOJI_AFTER.test(value.slice(m.index + 1))) continue;
    return codePoint(c);
  }
  return undefined;
}

/** The field error for a refused character: which one, so the visitor can find it. */
export const forbiddenCharacterMessage = (code: string) =>
  `Contains a control or invisible formatting character (${code}); please remove it.`;

/**
 * For a route that maps a URL path to a file (the local `/files/…` server): why the raw, still
 * percent-encoded path must be answered 400 (malformed encoding, or a forbidden character once
 * decoded: `/files/%00`), or undefined when it may go on to the file lookup.
 */
export function pathProblem(rawPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return 'The path is not valid percent-encoding.';
  }
  const code = forbiddenCharacter(decoded);
  return code ? `The path contains a control or invisible formatting character (${code}).` : undefined;
}
