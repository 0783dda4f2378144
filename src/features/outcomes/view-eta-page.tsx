import { OutcomePage } from './outcome-page';

/** /applications/view-eta?applicantIdentifier=...: the applicant's electronic travel authorisation. */
export default function ViewEtaPage() {
  return <OutcomePage kind="ETA" />;
}
