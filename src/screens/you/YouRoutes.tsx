export function YouRoutes() {
  return null;
}
