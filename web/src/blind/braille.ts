// The score sheet as plain text for a Braille display or embosser (the VI player keeps score in Braille:
// 2014 App. D.2.6; 2009 App. E.2.6; 2005 App. F.2.6). Plain ASCII lines of at most `width` cells (40 by
// default, a common display and embosser line), no tables or columns: a few header lines, then the moves
// as numbered pairs "12. Nf3 Nc6", a pair never split across lines, and the result at the end.
// No DOM here, so node tests can run it.

export interface SheetGame {
  white: string;
  black: string;
  date: string;
  startFen: string;
  sans: string[];
  result: string; // "1-0", "0-1", "1/2-1/2" or "*"
  reason: string; // the result in words, or ""
}

/** Splits text into lines of at most `width` characters at spaces (a longer word is cut). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let lineText = '';
  for (const word of text.split(/\s+/).filter(w => w !== '')) {
    let w = word;
    while (w.length > width) {
      if (lineText) lines.push(lineText);
      lines.push(w.slice(0, width));
      w = w.slice(width);
      lineText = '';
    }
    if (lineText === '') lineText = w;
    else if (lineText.length + 1 + w.length <= width) lineText += ` ${w}`;
    else {
      lines.push(lineText);
      lineText = w;
    }
  }
  if (lineText) lines.push(lineText);
  return lines;
}

/** Braille displays and embossers take ASCII: figurines and typographic marks are spelt out. */
export function ascii(text: string): string {
  return text
    .replace(/[“”„]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/…/g, '...')
    .replace(/[–—]/g, '-')
    .normalize('NFD')
    .replace(/[^\x20-\x7e\n]/g, '');
}

export function scoreSheet(game: SheetGame, width = 40): string {
  const out: string[] = [];
  const field = (label: string, value: string): void => {
    out.push(...wrap(ascii(`${label}: ${value}`), width));
  };
  field('White', game.white);
  field('Black', game.black);
  field('Date', game.date);
  const parts = game.startFen.split(' ');
  const startBlack = parts[1] === 'b';
  const startNumber = Number(parts[5] ?? '1') || 1;
  if (game.startFen !== 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1') field('Start FEN', game.startFen);
  out.push('');
  const pairs: string[] = [];
  game.sans.forEach((san, i) => {
    const ply = i + (startBlack ? 1 : 0);
    const number = startNumber + Math.floor(ply / 2);
    if (ply % 2 === 0) pairs.push(`${number}. ${ascii(san)}`);
    else if (i === 0) pairs.push(`${number}. ... ${ascii(san)}`);
    else pairs[pairs.length - 1] += ` ${ascii(san)}`;
  });
  // One pair per line keeps each move number at the start of a line, where a reader finds it by touch.
  for (const pair of pairs) out.push(...wrap(pair, width));
  out.push('');
  out.push(...wrap(ascii(game.reason ? `${game.result} ${game.reason}` : game.result), width));
  return `${out.join('\n')}\n`;
}
