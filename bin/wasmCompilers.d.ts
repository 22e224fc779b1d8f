export function wasmFlags(execArgv?: readonly string[], nodeOptions?: string): string[];
