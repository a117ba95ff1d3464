import Link from 'next/link';

export default function PageNotFound() {
  return (
    <div className="container page">
      <div className="state">
        <h1 className="state-title">Page not found</h1>
        <p className="state-text">The page you are looking for does not exist.</p>
        <Link href="/" className="button">
          Home
        </Link>
      </div>
    </div>
  );
}
