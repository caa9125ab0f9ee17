// What a read-only console shows around its data while it has none or cannot read it: the offline notice
// (with when the shown data was last read), the 'not allowed' alert on a 403, and the loading line that
// becomes 'could not load' with a Try Again button. Each screen keeps its own words (its texts.ts).
import { Button } from './Button';
import { OfflineNotice } from './OfflineNotice';

export interface QueryStateTexts {
  offlineTitle: string;
  offlineSince: (time: string) => string;
  offlineNoData: string;
  loading: string;
  loadFailed: string;
  tryAgain: string;
  /** Left out by a screen that draws its own denied page (then pass `denied` false or leave it out). */
  denied?: string;
}

export interface QueryStateNoticeProps {
  /** Online and the server answered (a 403 counts as an answer). */
  reachable: boolean;
  /** The server refused the read (403). */
  denied?: boolean;
  /** Data was read at some point (fresh or kept from before). */
  hasData: boolean;
  /** The last read failed. */
  isError: boolean;
  /** When the data shown was read (ms since epoch, as TanStack Query's dataUpdatedAt). */
  updatedAt: number;
  onRetry: () => void;
  texts: QueryStateTexts;
}

export function QueryStateNotice({
  reachable,
  denied = false,
  hasData,
  isError,
  updatedAt,
  onRetry,
  texts: T,
}: QueryStateNoticeProps) {
  return (
    <>
      {!reachable && !denied && (
        <OfflineNotice title={T.offlineTitle}>
          {hasData ? T.offlineSince(new Date(updatedAt).toLocaleTimeString()) : T.offlineNoData}
        </OfflineNotice>
      )}
      {denied && T.denied !== undefined && (
        <p
          role="alert"
          className="grid gap-3 rounded-xl border border-line bg-panel p-4 text-muted"
        >
          {T.denied}
        </p>
      )}
      {!hasData && !denied && reachable && (
        <div className="grid gap-2">
          <p role="status" className="text-muted">
            {isError ? T.loadFailed : T.loading}
          </p>
          {isError && (
            <Button variant="outline" className="justify-self-start" onClick={onRetry}>
              {T.tryAgain}
            </Button>
          )}
        </div>
      )}
    </>
  );
}
