import { Container, copyrightText } from '@afterwards/web-ui';

/** The foot of every staff page: the back office's panel, sign-in and the first account. */
export function StaffFooter() {
  return (
    <footer className="adm-footer">
      <Container>
        <p>{copyrightText()}</p>
      </Container>
    </footer>
  );
}
