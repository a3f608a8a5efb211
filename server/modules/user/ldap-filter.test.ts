import { describe, expect, it } from 'vitest';
import { escapeFilterValue, userSearchFilter } from './ldap-filter.js';

/** RFC 4515 escaping of the username before it goes into the admin's filter. */
describe('escapeFilterValue', () => {
  it('A12 · writes the five special characters as \\XX and leaves everything else, Chinese included', () => {
    expect(escapeFilterValue('*)(uid=*')).toBe('\\2a\\29\\28uid=\\2a');
    expect(escapeFilterValue('a\\b\0c')).toBe('a\\5cb\\00c');
    expect(escapeFilterValue('张三.o’neil@x')).toBe('张三.o’neil@x');
  });
});

describe('userSearchFilter', () => {
  it('replaces every %s and ShowDoc’s %(user)s with the escaped name', () => {
    expect(userSearchFilter('(&(objectClass=person)(uid=%s))', 'uid', 'a*')).toBe('(&(objectClass=person)(uid=a\\2a))');
    expect(userSearchFilter('(|(uid=%(user)s)(mail=%s))', 'uid', 'bob')).toBe('(|(uid=bob)(mail=bob))');
  });

  it('ANDs the username attribute onto a filter without placeholder, as ShowDoc’s (cn=*) default', () => {
    expect(userSearchFilter('(cn=*)', 'sAMAccountName', 'x)(cn=*')).toBe('(&(cn=*)(sAMAccountName=x\\29\\28cn=\\2a))');
    expect(userSearchFilter('objectClass=user', 'cn', 'ann')).toBe('(&(objectClass=user)(cn=ann))');
  });
});
