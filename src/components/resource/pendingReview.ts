/**
 * A change the server held for an admin's review (server/todo-items/gate.ts) answers
 * `{ pendingReview: true, todoItemId }`: the screen says "submission successful awaiting admin
 * review" instead of its usual success text.
 */
export const PENDING_REVIEW_TEXT = 'todoItems.submitted';

export const isPendingReview = (data: unknown): boolean => typeof data === 'object' && data !== null && (data as { pendingReview?: unknown }).pendingReview === true;
