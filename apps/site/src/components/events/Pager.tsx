import Link from 'next/link';
import type { Pagination } from '@eventsite/contract';
import { pageHref, pager } from '@/lib/pagination';

/** Only with more than one page; Previous and Next only where such a page exists. */
export function Pager({ pagination, basePath }: { pagination: Pagination; basePath: string }) {
  const model = pager(pagination);
  if (!model) return null;
  return (
    <nav className="pager" aria-label="Pagination">
      {model.previous !== null ? (
        <Link className="button button-outline" href={pageHref(basePath, model.previous)} rel="prev">
          Previous
        </Link>
      ) : (
        <span className="pager-spacer" />
      )}
      <p className="pager-status" aria-current="page">{`Page ${model.current} of ${model.total}`}</p>
      {model.next !== null ? (
        <Link className="button button-outline" href={pageHref(basePath, model.next)} rel="next">
          Next
        </Link>
      ) : (
        <span className="pager-spacer" />
      )}
    </nav>
  );
}
