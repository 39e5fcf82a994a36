// Said when a memory shared with this person goes away while they are looking at it (decision 0045).
import { Button, Dialog } from '@afterwards/web-ui';
import { farewellMessage, type Farewell } from './farewell';

export function FarewellDialog({ farewell, onClose }: { farewell: Farewell; onClose(): void }) {
  const { title, body } = farewellMessage(farewell);
  return (
    <Dialog
      open
      onClose={onClose}
      onDismiss={onClose}
      title={title}
      className="mem-dialog"
      actions={
        <Button onClick={onClose} autoFocus>
          Back to my memories
        </Button>
      }
    >
      <p>{body}</p>
    </Dialog>
  );
}
