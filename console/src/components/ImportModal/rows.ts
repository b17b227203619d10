/** Answer of every import: nothing is written unless every row is valid. */
export interface ImportError {
  row: number;
  field: string;
  message: string;
}

export interface ImportReport {
  total: number;
  imported: number;
  errors: ImportError[];
}

export interface ImportErrorRow extends ImportError {
  key: string;
  /** rows of the same file row are merged in the table: the first carries the span */
  rowSpan: number;
}

/**
 * The per-row error table of an import report: sorted by row, then by the column order
 * of the file, one line per bad cell; lines of the same file row share one row cell.
 */
export function importErrorRows(errors: ImportError[], columns: string[] = []): ImportErrorRow[] {
  const col = (f: string) => {
    const i = columns.indexOf(f);
    return i < 0 ? columns.length + (f ? 0 : 1) : i;
  };
  const sorted = errors
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.row - b.e.row || col(a.e.field) - col(b.e.field) || a.i - b.i)
    .map(({ e }) => e);
  return sorted.map((e, i) => {
    const first = i === 0 || sorted[i - 1].row !== e.row;
    let span = 0;
    if (first) {
      span = 1;
      while (i + span < sorted.length && sorted[i + span].row === e.row) span += 1;
    }
    return { ...e, field: e.field ?? '', key: `${e.row}-${i}`, rowSpan: span };
  });
}

/** How many distinct file rows have errors. */
export const badRowCount = (errors: ImportError[]): number =>
  new Set(errors.map((e) => e.row)).size;
