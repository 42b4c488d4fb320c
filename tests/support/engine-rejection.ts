/** The error a promise rejects with, so a test can assert on its message, kind and cause all at once. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error & { kind?: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`rejected with a non-Error: ${String(error)}`);
  }
  throw new Error('expected the promise to reject, but it resolved');
}
