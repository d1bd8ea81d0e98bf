export function diffSql(options: { fromEmpty: boolean }): Promise<string>;
