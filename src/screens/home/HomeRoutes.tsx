export function HomeRoutes() {
  return null;
}
