/**
 * Creations of one product take turns within this process before they open their transaction.
 * Allocation serialises them anyway (allocation.ts holds a database lock per product until commit,
 * which also orders the instances among themselves); waiting here instead of at that lock keeps a
 * burst of orders from each holding a pooled connection while it waits, which left no connection for
 * the operators' own requests.
 */
const tails = new Map<number, Promise<unknown>>();

export function inTurn<T>(productId: number, run: () => Promise<T>): Promise<T> {
  const previous = tails.get(productId) ?? Promise.resolve();
  const mine = previous.then(run);
  const tail = mine.then(
    () => undefined,
    () => undefined,
  );
  tails.set(productId, tail);
  void tail.then(() => {
    if (tails.get(productId) === tail) tails.delete(productId);
  });
  return mine;
}
