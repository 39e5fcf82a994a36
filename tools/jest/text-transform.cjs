// Lets tests import `.sql` migrations and `.csv` data files as strings, as the rspack build does with `asset/source`.
module.exports = {
  process(source) {
    return { code: `export default ${JSON.stringify(source)};` };
  },
};
