import { describe, expect, it } from '@jest/globals';
import { acceptInvitationPath, invitationIsFor } from './invitation';

describe('whose invitation it is', () => {
  it('the invited address, in any case and with stray spaces, is the signed-in one', () => {
    expect(invitationIsFor('Dan.Roles@example.test', 'dan.roles@example.test ')).toBe(true);
  });
  it('another address, or none known, is not', () => {
    expect(invitationIsFor('dan@example.test', 'ben@example.test')).toBe(false);
    expect(invitationIsFor('dan@example.test', undefined)).toBe(false);
  });
  it('the way back to accepting keeps the token whole', () => {
    expect(acceptInvitationPath('a+b/c=')).toBe('/invitation?token=a%2Bb%2Fc%3D&accept=1');
  });
});
