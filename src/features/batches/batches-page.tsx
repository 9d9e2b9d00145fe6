import { useParams } from 'react-router';
import { BatchEditor } from './batch-editor';
import { BatchList } from './batch-list';

export { BatchResume } from './batch-resume';

/** /batches: the batches kept in this browser; /batches/<id>: one of them (issue 45). */
export function BatchesPage() {
  const id = useParams()['*'];
  return id ? <BatchEditor key={id} id={id} /> : <BatchList />;
}
