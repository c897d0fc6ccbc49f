/** The most common leaked passwords of 8+ characters (shorter ones fail the length rule anyway). */
export const COMMON_PASSWORDS = new Set([
  "password", "password1", "password12", "password123", "password1234", "passw0rd", "p@ssw0rd", "p@ssword", "12345678", "123456789",
  "1234567890", "12345678910", "123123123", "11111111", "00000000", "88888888", "87654321", "qwertyuiop", "qwerty123", "qwerty12",
  "1q2w3e4r", "1q2w3e4r5t", "1qaz2wsx", "zaq12wsx", "asdfghjkl", "asdf1234", "zxcvbnm1", "abc12345", "abcd1234", "iloveyou",
  "iloveyou1", "sunshine", "princess", "football", "baseball", "welcome1", "welcome123", "letmein1", "trustno1", "superman",
  "starwars", "whatever", "computer", "internet", "michelle", "jennifer", "corvette", "mercedes", "charlie1", "dragon12",
  "monkey12", "shadow12", "master12", "access14", "mustang1", "liverpool", "chocolate", "butterfly", "jordan23", "killer12",
  "changeme", "secret12", "default1", "admin123", "administrator", "qwerty1234", "q1w2e3r4", "aa123456", "a1234567", "987654321",
  "11223344", "55555555", "66666666", "99999999", "12341234", "password!", "letmein123", "loveyou1", "hello123", "freedom1",
  "samsung1", "google123", "pokemon1", "babygirl", "michael1", "1234qwer", "qazwsxedc", "passpass", "test1234", "testtest",
  "vsopvsop", "vsop1234", "apparel1", "shopping", "shopping1",
]);
