export function AddRoutes() {
  return null;
}
