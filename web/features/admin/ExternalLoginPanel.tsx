import { LdapSection } from './sso/LdapSection';
import { OAuth2Section } from './sso/OAuth2Section';
import { SecretKeySection } from './sso/SecretKeySection';

/** External login (seed 001 §2): LDAP, OAuth2 / OpenID Connect and the login secret key, one section each. */
export function ExternalLoginPanel() {
  return (
    <>
      <LdapSection />
      <OAuth2Section />
      <SecretKeySection />
    </>
  );
}
