import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { CaptureType, RouteFrom } from '@/api/capture';
import { ProblemPanel } from '@/engine/problem-panel';
import { PageHeading } from '@/ui/page-heading';
import { Capture } from './image-capture';
import { useCaptureStyles } from './styles';

/**
 * /capture/image-capture-entry: the camera view for one photo (front camera for the selfie, back camera for
 * the passport) with its frame and tips, a preview to retake or use, and a file picker where the camera is
 * refused or missing. The photo chosen is sent to the session and the result page says how it went.
 */
export default function ImageCaptureEntryPage() {
  const { t } = useTranslation('capture');
  const [params] = useSearchParams();
  const cameraType: CaptureType = params.get('cameraType') === 'passport' ? 'passport' : 'biometrics';
  const routeFrom: RouteFrom = params.get('routeFrom') === 'mobile' ? 'mobile' : 'web';
  const sessionIdentifier = params.get('sessionIdentifier') || undefined;
  const styles = useCaptureStyles();

  if (!sessionIdentifier) {
    return (
      <div className={styles.wide}>
        <PageHeading>{t('entry.title')}</PageHeading>
        <ProblemPanel message={t('entry.noSession')} />
      </div>
    );
  }
  return (
    <Capture
      key={`${sessionIdentifier}-${cameraType}`}
      cameraType={cameraType}
      routeFrom={routeFrom}
      sessionIdentifier={sessionIdentifier}
    />
  );
}
