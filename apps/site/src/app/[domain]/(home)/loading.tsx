import { LoadingText } from '@/components/common/States';
import { HOME_STRINGS } from '@/components/home/strings';

/**
 * Home's loading text, while the page is on its way. It takes the screen's height, so
 * that the footer starts below the fold and the page that replaces it moves nothing a visitor
 * sees (layout shift).
 */
export default function HomeLoading() {
  return (
    <div className="container page page-loading">
      <LoadingText text={HOME_STRINGS.loading} />
    </div>
  );
}
