import { expect, it } from 'vitest';

/**
 * One test per row of a pure function's table: each row holds the function's arguments and, last,
 * the answer it must give (compared with toEqual). `title` is it.each's, filled from the row.
 */
export function itAnswers<A extends unknown[], R>(title: string, fn: (...args: A) => R, rows: readonly [...A, R][]): void {
  it.each(rows)(title, (...row: unknown[]) => {
    expect(fn(...(row.slice(0, -1) as A))).toEqual(row.at(-1));
  });
}
