export function diffSql(options: { fromEmpty: boolean }): string;
