import { OutcomePage } from './outcome-page';

/** /applications/view-notice?applicantIdentifier=...: the applicant's notice of refusal. */
export default function ViewNoticePage() {
  return <OutcomePage kind="REJECTION_NOTICE" />;
}
