/**
 * A success that says something else than "success": a change held for review answers code 200
 * with "submission successful awaiting admin review" in the caller's language.
 */
export class MessageAnswer {
  constructor(
    readonly data: unknown,
    readonly msg: string,
  ) {}
}
