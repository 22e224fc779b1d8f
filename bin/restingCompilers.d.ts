export function restCompilers(execArgv?: readonly string[], nodeOptions?: string): boolean;
export function wakeCompilers(): boolean;
