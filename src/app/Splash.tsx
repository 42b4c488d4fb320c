export function Splash() {
  return (
    <div className="splash">
      <img src="/sleeve.svg" alt="Sleeve" width={96} height={96} />
    </div>
  );
}
