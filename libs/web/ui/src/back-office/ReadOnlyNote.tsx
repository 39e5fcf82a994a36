import { Icon } from '../components/Icon';

/** What staff whose role may look but not change see where the section's buttons would be. */
export function ReadOnlyNote({ children = 'Read-only access' }: { children?: string }) {
  return (
    <p className="aw-readonly">
      <Icon name="lock" size={16} /> {children}
    </p>
  );
}
