export function plainRegexpBytecode(execArgv?: readonly string[], nodeOptions?: string): boolean;
