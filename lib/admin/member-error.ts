/** Why a change to a tenant's admins was refused; `field` names the input member it is about. */
export type MemberErrorCode = "not_found" | "last_owner" | "already_member" | "invalid_email" | "invalid_role";

export class MemberError extends Error {
  override name = "MemberError";
  constructor(
    readonly code: MemberErrorCode,
    message: string,
    readonly field?: "email" | "role",
  ) {
    super(message);
  }
}
