/** The aspect-ratio table (spec sections 3 and 9), zod-free so the browser's first chunk can import it. */
export interface AspectRatioOption {
  label: string;
  description: string;
  value: { width: number; height: number };
}

/** The six ratios of spec section 9, in the order the picker shows them. */
export const ASPECT_RATIOS = [
  { label: '4:3', description: 'Classic photo', value: { width: 1024, height: 768 } },
  { label: '16:9', description: 'Standard HD widescreen', value: { width: 1280, height: 720 } },
  { label: '1:1', description: 'Square images', value: { width: 1024, height: 1024 } },
  { label: '2:3', description: 'Portrait', value: { width: 832, height: 1216 } },
  { label: '2.35:1', description: 'Cinematic widescreen', value: { width: 1920, height: 816 } },
  { label: '9:16', description: 'Vertical story', value: { width: 720, height: 1280 } },
] as const satisfies readonly AspectRatioOption[];

export type AspectRatioLabel = (typeof ASPECT_RATIOS)[number]['label'];
export const ASPECT_RATIO_LABELS = ASPECT_RATIOS.map((r) => r.label) as [AspectRatioLabel, ...AspectRatioLabel[]];
export const DEFAULT_ASPECT_RATIO: AspectRatioLabel = '4:3';
/** Size used for a label the table does not know (spec: 512x512). */
export const UNKNOWN_RATIO_SIZE = { width: 512, height: 512 } as const;

/** Width and height for a ratio label; unknown labels get 512x512 as in the spec. */
export function ratioSize(label: string): { width: number; height: number } {
  const found = ASPECT_RATIOS.find((r) => r.label === label);
  return found ? { ...found.value } : { ...UNKNOWN_RATIO_SIZE };
}
