import { describe, expect, it } from 'vitest';
import { notificationContentPreferred } from '@/lib/payments/notifications';

// Payment spec part 6: TPP-Notification-Content-Preferred has the form `status=X1, ..., Xn`, each Xi one of SCA,
// PROCESS, LAST, without repeats (BG IG and IOBWS 3.2 write it so too): its values apart by a comma and a space.
describe('TPP-Notification-Content-Preferred', () => {
  it('is written in the form of part 6, each value once', () => {
    expect(notificationContentPreferred).toMatch(/^status=(SCA|PROCESS|LAST)(, (SCA|PROCESS|LAST))*$/);
    const values = notificationContentPreferred.slice('status='.length).split(', ');
    expect(new Set(values).size).toBe(values.length);
  });
});
