import { describe, expect, it } from '@jest/globals';
import { farewellMessage, parseNoticeId } from './farewell';

const base = { memoryId: 'm1', deceasedName: 'Margaret Ellis', ownerName: 'Ann Ellis' };

describe('what the open screen says when a memory is gone', () => {
  it('reads the notice id: its kind and memory, and nothing it does not know', () => {
    expect(parseNoticeId('memory-deleted:5b1f0f5e-0000-4000-8000-000000000001')).toEqual({ kind: 'memory-deleted', memoryId: '5b1f0f5e-0000-4000-8000-000000000001' });
    expect(parseNoticeId('removed:m1')).toEqual({ kind: 'removed', memoryId: 'm1' });
    expect(parseNoticeId('m1')).toBeNull();
    expect(parseNoticeId('confetti:m1')).toBeNull();
  });

  it('says who did what to which memory, calmly, without exclamation marks', () => {
    const said = [
      farewellMessage({ ...base, kind: 'memory-deleted' }),
      farewellMessage({ ...base, kind: 'owner-account-deleted' }),
      farewellMessage({ ...base, kind: 'removed' }),
      farewellMessage({ ...base, kind: null }),
    ];
    expect(said[0]!.body).toBe(
      'Ann Ellis has deleted the memory of Margaret Ellis, so you can no longer see it. Nothing else in your account has changed, and we have sent you an e-mail about it.',
    );
    expect(said[1]!.body).toMatch(/^Ann Ellis has closed their account, and the memory of Margaret Ellis was deleted with it\./);
    expect(said[2]!.title).toBe('This memory is no longer shared with you');
    expect(said[3]!.body).toMatch(/^Ann Ellis no longer shares the memory of Margaret Ellis with you/);
    for (const s of said) expect(`${s.title} ${s.body}`).not.toMatch(/!|Please select/);
  });
});
