export function databaseTestFiles(root: string): string[];
export function pureTestFiles(root: string): string[];
export function sharedWorkerTestFiles(root: string): string[];
