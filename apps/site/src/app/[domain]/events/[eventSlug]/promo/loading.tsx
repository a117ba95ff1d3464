import { LoadingText } from '@/components/common/States';
import { PROMO_EDITOR_STRINGS } from '@/components/gallery/strings';

export default function PromoEditorLoading() {
  return (
    <div className="container page">
      <LoadingText text={PROMO_EDITOR_STRINGS.loading} />
    </div>
  );
}
