export function NotFoundPage() {
  return (
    <section>
      <h1>Not found</h1>
      <p>
        This page does not exist. <a href="/console">Back to the overview</a>.
      </p>
    </section>
  );
}
