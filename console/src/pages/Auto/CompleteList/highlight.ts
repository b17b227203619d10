/**
 * A small syntax highlighter for the preview (Go, TypeScript/TSX, JSON, Markdown): a tokenizer
 * whose tokens put back together are exactly the input, rendered as spans (never as HTML, so a
 * label in a generated file stays text). Loaded with the preview only, as its own chunk.
 */
export type TokenKind =
  'comment' | 'string' | 'keyword' | 'number' | 'type' | 'tag' | 'heading' | 'plain';

export interface Token {
  kind: TokenKind;
  text: string;
}

const GO_KEYWORDS = new Set(
  'break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var nil true false'.split(
    ' ',
  ),
);
const GO_TYPES = new Set(
  'any bool byte error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr'.split(
    ' ',
  ),
);
const TS_KEYWORDS = new Set(
  'as async await break case catch class const continue default delete do else enum export extends false finally for from function if import in instanceof interface let new null of return super switch this throw true try type typeof undefined var void while with yield'.split(
    ' ',
  ),
);
const TS_TYPES = new Set(
  'string number boolean unknown never any object Record Promise React'.split(' '),
);

/** A pattern (matched where the scan stands), the kind it gives, and whether it only opens a line. */
type Rule = [RegExp, TokenKind | ((m: string) => TokenKind), boolean?];

function word(keywords: Set<string>, types: Set<string>) {
  return (m: string): TokenKind => (keywords.has(m) ? 'keyword' : types.has(m) ? 'type' : 'plain');
}

const RULES: Record<string, Rule[]> = {
  go: [
    [/\/\/[^\n]*/y, 'comment'],
    [/\/\*[\s\S]*?\*\//y, 'comment'],
    [/"(?:[^"\\\n]|\\.)*"/y, 'string'],
    [/`[^`]*`/y, 'string'],
    [/'(?:[^'\\\n]|\\.)*'/y, 'string'],
    [/\d[\d_]*(?:\.\d+)?/y, 'number'],
    [/[A-Za-z_][A-Za-z0-9_]*/y, word(GO_KEYWORDS, GO_TYPES)],
  ],
  ts: [
    [/\/\/[^\n]*/y, 'comment'],
    [/\/\*[\s\S]*?\*\//y, 'comment'],
    [/"(?:[^"\\\n]|\\.)*"/y, 'string'],
    [/'(?:[^'\\\n]|\\.)*'/y, 'string'],
    [/`(?:[^`\\]|\\.)*`/y, 'string'],
    [/<\/?[A-Z][A-Za-z0-9.]*/y, 'tag'],
    [/\d[\d_]*(?:\.\d+)?/y, 'number'],
    [/[A-Za-z_$][A-Za-z0-9_$]*/y, word(TS_KEYWORDS, TS_TYPES)],
  ],
  json: [
    [/"(?:[^"\\\n]|\\.)*"(?=\s*:)/y, 'type'],
    [/"(?:[^"\\\n]|\\.)*"/y, 'string'],
    [/-?\d+(?:\.\d+)?/y, 'number'],
    [/(?:true|false|null)\b/y, 'keyword'],
  ],
  markdown: [
    [/```[\s\S]*?```/y, 'string'],
    [/#{1,6} [^\n]*/y, 'heading', true],
    [/`[^`\n]+`/y, 'string'],
  ],
};

/** Splits code into tokens; the tokens' texts joined are the code itself. */
export function tokenize(code: string, language: string): Token[] {
  const rules = RULES[language === 'tsx' ? 'ts' : language] ?? [];
  const out: Token[] = [];
  let plain = '';
  let pos = 0;
  const flush = () => {
    if (plain) out.push({ kind: 'plain', text: plain });
    plain = '';
  };
  while (pos < code.length) {
    let matched = false;
    const lineStart = pos === 0 || code[pos - 1] === '\n';
    for (const [re, kind, onlyLineStart] of rules) {
      if (onlyLineStart && !lineStart) continue;
      re.lastIndex = pos;
      const m = re.exec(code);
      if (m?.[0].length) {
        const k = typeof kind === 'function' ? kind(m[0]) : kind;
        if (k === 'plain') {
          plain += m[0];
        } else {
          flush();
          out.push({ kind: k, text: m[0] });
        }
        pos += m[0].length;
        matched = true;
        break;
      }
    }
    if (!matched) {
      // any other character is copied as it is
      plain += code[pos];
      pos += 1;
    }
  }
  flush();
  return out;
}

/** Colours of the token kinds (light theme, readable on white). */
export const COLORS: Record<TokenKind, string | undefined> = {
  comment: '#6a737d',
  string: '#22863a',
  keyword: '#d73a49',
  number: '#005cc5',
  type: '#6f42c1',
  tag: '#22863a',
  heading: '#005cc5',
  plain: undefined,
};
