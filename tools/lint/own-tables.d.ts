/** Table name to owner ('core' or a plugin id), read from every migration. */
export function tableOwners(): Map<string, string>;
/** Who a project-relative file writes SQL for: 'core', a plugin id, or null. */
export function ownerOfFile(file: string): string | null;
/** Why `writer` may not name `table`, or null when it may. */
export function tableProblem(writer: string, table: string): string | null;
/** The tables named in a piece of SQL text. */
export function tablesInSql(text: string): string[];
declare const rule: unknown;
export default rule;
