import type { NextAdapter } from 'next';

export const COMPILE_HINT: string;
export const HINTED_MIN_BYTES: number;
export function hintChunks(chunksDir: string): string[];
declare const adapter: NextAdapter;
export default adapter;
