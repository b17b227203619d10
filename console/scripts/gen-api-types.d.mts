export const SPEC: string;
export const TYPES: string;
export function renderTypes(specText?: string): Promise<string>;
