export const root: string;
export function loadEnv(): void;
export function authSecret(dataRoot: string): string;
export function loadAppSettings(): void;
