// Any path the route table does not know.
import { Link } from 'react-router';
import { Page } from '@/ui/Page';

export function NotFoundScreen() {
  return (
    <Page title="404 Page Not Found" subtitle="Did you forget to add the page to the router?">
      <p>
        <Link to="/" className="text-accent underline">
          Return to Chat
        </Link>
      </p>
    </Page>
  );
}

export default NotFoundScreen;
