/** The visitor-facing message for a percent while generating. */
export function generatingMessage(percent: number): string {
  return `Generating… ${Math.round(percent)}%`;
}
