// The rule search of the reference's search page: the same search as the page, the API
// and the command line (adjudicator/search), run here from static files.
//
// The docs build writes _static/rule-search-data.js (the analysed rules, the glossary's
// concepts, the filler words and, in Chinese, the segmenter's dictionary) and
// _static/adjudicator-stemmers.js (Snowball's stemmers, as Sphinx ships them). This file
// analyses a query like adjudicator/search/analysis.py, looks it up like
// adjudicator/search/engine.py, and computes BM25 exactly as SQLite's FTS5 does, so that
// the first rule is the one the page shows. Keep the three in step.
var AdjudicatorSearch = (function () {
  "use strict";

  var data = null;
  var SEP = "\u0001";
  var K1 = 1.2;
  var B = 0.75;
  var WORD = /[\p{L}\p{N}]+|\$/gu;
  var HAN = /[\u4e00-\u9fd5]+/g;
  var GREEK_VOWELS = "αεηιουω";
  var stemmers = {};
  var tables = {};
  var zh = null;

  function fold(text) {
    return text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC")
      .replace(/ς/g, "σ");
  }

  function stemmer(name, make) {
    if (!stemmers[name]) { stemmers[name] = make(); }
    return stemmers[name];
  }

  function stemEn(key) {
    return stemmer("en", function () { return new EnglishStemmer(); }).stemWord(key);
  }

  function stemEl(key) {
    var stem = stemmer("el", function () { return new GreekStemmer(); }).stemWord(key);
    while (stem.length > 3 && GREEK_VOWELS.indexOf(stem[stem.length - 1]) >= 0) {
      stem = stem.slice(0, -1);
    }
    return stem || key;
  }

  function stemPt(key) {
    if (key.endsWith("coes")) { key = key.slice(0, -4) + "cao"; }
    var stem = stemmer("pt", function () { return new PortugueseStemmer(); }).stemWord(key);
    if (stem.length > 5 && stem.endsWith("aca")) { stem = stem.slice(0, -3); }
    return stem;
  }

  var STEMS = { en: stemEn, el: stemEl, pt: stemPt };

  function latinWords(text, stem) {
    var words = [];
    var match;
    WORD.lastIndex = 0;
    while ((match = WORD.exec(text)) !== null) {
      var key = fold(match[0]);
      words.push({ surface: match[0], key: key, token: key === "$" ? "usd" : stem(key) });
    }
    return words;
  }

  // jieba's default mode without HMM (get_DAG, calc, __cut_DAG_NO_HMM) over the query
  // dictionary, on the Simplified form of the run.
  function prepareChinese() {
    if (zh) { return zh; }
    var freq = new Map();
    var total = 0;
    Object.keys(data.zh.dict).forEach(function (word) {
      var f = data.zh.dict[word];
      freq.set(word, f);
      total += f;
      for (var i = 1; i < word.length; i++) {
        var frag = word.slice(0, i);
        if (!freq.has(frag)) { freq.set(frag, 0); }
      }
    });
    zh = { freq: freq, logTotal: Math.log(total) };
    return zh;
  }

  function segment(run) {
    var dict = prepareChinese();
    var simple = Array.from(run).map(function (c) { return data.zh.t2s[c] || c; }).join("");
    var n = simple.length;
    var dag = [];
    for (var k = 0; k < n; k++) {
      var ends = [];
      var i = k;
      var frag = simple[k];
      while (i < n && dict.freq.has(frag)) {
        if (dict.freq.get(frag)) { ends.push(i); }
        i += 1;
        frag = simple.slice(k, i + 1);
      }
      if (!ends.length) { ends.push(k); }
      dag.push(ends);
    }
    var route = new Array(n + 1);
    route[n] = [0, 0];
    for (var idx = n - 1; idx >= 0; idx--) {
      var best = null;
      dag[idx].forEach(function (x) {
        var score = Math.log(dict.freq.get(simple.slice(idx, x + 1)) || 1) - dict.logTotal +
          route[x + 1][0];
        if (best === null || score > best[0] || (score === best[0] && x > best[1])) {
          best = [score, x];
        }
      });
      route[idx] = best;
    }
    var words = [];
    var at = 0;
    while (at < n) {
      var end = route[at][1] + 1;
      var word = simple.slice(at, end);
      words.push({ surface: run.slice(at, end), key: word, token: word });
      at = end;
    }
    return words;
  }

  function analyze(text) {
    if (data.lang !== "zh_TW") { return latinWords(text, STEMS[data.lang] || stemEn); }
    var words = [];
    var at = 0;
    var match;
    HAN.lastIndex = 0;
    while ((match = HAN.exec(text)) !== null) {
      words = words.concat(latinWords(text.slice(at, match.index), stemEn));
      words = words.concat(segment(match[0]));
      at = match.index + match[0].length;
    }
    return words.concat(latinWords(text.slice(at), stemEn));
  }

  function comparePhrases(a, b) {
    for (var i = 0; i < Math.min(a.length, b.length); i++) {
      if (a[i] !== b[i]) { return a[i] < b[i] ? -1 : 1; }
    }
    return a.length - b.length;
  }

  function samePhrase(a, b) { return comparePhrases(a, b) === 0; }

  function conceptPhrases(game, concepts) {
    var all = [];
    concepts.forEach(function (c) {
      game.concepts[c].forEach(function (p) {
        if (!all.some(function (q) { return samePhrase(p, q); })) { all.push(p); }
      });
    });
    return all.sort(comparePhrases);
  }

  // lexicon.py's weakness: how much a weak word counts, or null for a full word.
  function weakness(key) {
    if (/^\p{Nd}+$/u.test(key) || weakKeys().has(key)) { return data.weights.stop; }
    if (data.lang === "zh_TW" && Array.from(key).length === 1 && /^[\u4e00-\u9fd5]$/.test(key)) {
      return data.weights.character;
    }
    return null;
  }

  var weakSet = null;
  function weakKeys() {
    if (!weakSet) { weakSet = new Set(data.weak); }
    return weakSet;
  }

  // rapidfuzz's OSA distance (optimal string alignment), on code points.
  function osa(a, b) {
    var n = a.length, m = b.length;
    var d = [];
    for (var i = 0; i <= n; i++) { d.push(new Array(m + 1).fill(0)); d[i][0] = i; }
    for (var j = 0; j <= m; j++) { d[0][j] = j; }
    for (i = 1; i <= n; i++) {
      for (j = 1; j <= m; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[n][m];
  }

  function compareText(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  // Python's tuple order on [distance, -count, length difference, word].
  function before(a, b) {
    for (var i = 0; i < 3; i++) { if (a[i] !== b[i]) { return a[i] < b[i]; } }
    return a[3] < b[3];
  }

  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }

  // lexicon.py's Speller.correct: the nearest catalog word within the word's slips.
  function correct(key) {
    var chars = Array.from(key);
    var slips = chars.length >= data.spelling.slips[1] ? 2 : chars.length >= data.spelling.slips[0] ? 1 : 0;
    if (!slips || !/^\p{L}+$/u.test(key)) { return null; }
    var best = null;
    Object.keys(data.spelling.words).forEach(function (word) {
      var other = Array.from(word);
      if (Math.abs(other.length - chars.length) > slips) { return; }
      var distance = osa(chars, other);
      if (distance > slips) { return; }
      var rank = [distance, -data.spelling.words[word][1], Math.abs(other.length - chars.length), word];
      if (best === null || before(rank, best)) { best = rank; }
    });
    return best ? best[3] : null;
  }

  var spellingTokens = null;
  function mended(game, words) {
    if (data.lang === "zh_TW") { return words; }
    if (!spellingTokens) {
      spellingTokens = new Set(Object.keys(data.spelling.words).map(function (k) {
        return data.spelling.words[k][0];
      }));
    }
    var fillers = new Set(data.fillers);
    return words.map(function (word) {
      if (spellingTokens.has(word.token) || has(data.spelling.words, word.key) ||
          has(game.keys, word.token) || fillers.has(word.key) || weakness(word.key) !== null) {
        return word;
      }
      var near = correct(word.key);
      return near === null ? word :
        { surface: word.surface, key: near, token: data.spelling.words[near][0] };
    });
  }

  // lexicon.py's Sounds: homophone slips read as the catalog word they sound like.
  var sounds = null;
  function prepareSounds() {
    if (sounds) { return sounds; }
    var readings = new Map();
    Object.keys(data.zh.sounds).forEach(function (syllable) {
      Array.from(data.zh.sounds[syllable]).forEach(function (c) {
        if (!readings.has(c)) { readings.set(c, []); }
        readings.get(c).push(syllable);
      });
    });
    readings.forEach(function (list) { list.sort(compareText); });
    var all = Object.keys(data.zh.dict);
    var words = new Set(all.filter(function (w) {
      return w.length >= 2 && w.length <= 4 && /^[\u4e00-\u9fd5]+$/.test(w);
    }));
    var chars = new Set();
    all.forEach(function (w) { Array.from(w).forEach(function (c) { chars.add(c); }); });
    var weak = new Set(data.weak);
    sounds = { readings: readings, words: words, chars: chars, bySound: new Map() };
    var targets = Array.from(words).filter(function (w) { return !weak.has(w); });
    targets.sort(compareText).forEach(function (word) {
      soundKeys(word).forEach(function (key) {
        if (!sounds.bySound.has(key)) { sounds.bySound.set(key, []); }
        sounds.bySound.get(key).push(word);
      });
    });
    return sounds;
  }

  // itertools.product of each character's readings, the first data.zh.readings of them.
  function soundKeys(word) {
    var options = Array.from(word).map(function (c) { return sounds.readings.get(c) || []; });
    if (options.some(function (o) { return !o.length; })) { return []; }
    var keys = [[]];
    options.forEach(function (option) {
      var next = [];
      keys.forEach(function (key) { option.forEach(function (r) { next.push(key.concat([r])); }); });
      keys = next;
    });
    return keys.slice(0, data.zh.readings).map(function (key) { return key.join(" "); });
  }

  function like(part) {
    var found = [];
    soundKeys(part).forEach(function (key) {
      (sounds.bySound.get(key) || []).forEach(function (word) {
        var slips = [];
        for (var i = 0; i < word.length; i++) { if (word[i] !== part[i]) { slips.push(part[i]); } }
        if (slips.length === 1 && !sounds.chars.has(slips[0]) && found.indexOf(word) < 0) {
          found.push(word);
        }
      });
    });
    return found.length ? found.sort(compareText)[0] : null;
  }

  function mend(run) {
    prepareSounds();
    var chars = Array.from(run);
    var simple = chars.map(function (c) { return data.zh.t2s[c] || c; });
    var out = [];
    var at = 0;
    while (at < chars.length) {
      var word = chars[at];
      var end = at + 1;
      for (var size = 4; size >= 2; size--) {
        if (at + size > chars.length) { continue; }
        var stretch = simple.slice(at, at + size).join("");
        var found = sounds.words.has(stretch) ? chars.slice(at, at + size).join("") : like(stretch);
        if (found !== null) { word = found; end = at + size; break; }
      }
      out.push(word);
      at = end;
    }
    return out.join("");
  }

  function sounded(text) {
    if (data.lang !== "zh_TW") { return text; }
    return text.replace(HAN, function (run) { return mend(run); });
  }

  var FULL = ["heads", "aliases", "bodies"];

  // engine.py's _weak: a weak word counts in a title or an alias, and ranks through texts.
  function weakGroups(group, weight, key) {
    var soft = Object.assign({}, group, { soft: true, weight: weight });
    if (/^\p{Nd}+$/u.test(key)) { return [soft]; }
    var title = Object.assign({}, group, { weight: data.weights.titleWeak, tables: FULL.slice(0, 2) });
    return [title, Object.assign({}, soft, { tables: FULL.slice(2) })];
  }

  function parse(game, text) {
    var words = mended(game, analyze(sounded(text)));
    var groups = [];
    var ignored = [];
    var sep = data.lang === "zh_TW" ? "" : " ";
    var fillers = new Set(data.fillers);
    var quantity = new Set(data.quantity);
    var stop = new Set(data.stop);
    var at = 0;
    var asksNumber = false;
    var phrase = [];
    var seen = new Set();
    while (at < words.length) {
      var span = 1;
      var concepts = [];
      var filler = false;
      for (var n = Math.min(data.longest, words.length - at); n > 0; n--) {
        var part = words.slice(at, at + n);
        var found = game.keys[part.map(function (w) { return w.token; }).join(SEP)];
        if (found && found.length) { span = n; concepts = found; break; }
        var key = part.map(function (w) { return w.key; }).join(SEP);
        if (fillers.has(key)) {
          span = n;
          filler = true;
          asksNumber = asksNumber || quantity.has(key);
          break;
        }
      }
      var taken = words.slice(at, at + span);
      var label = taken.map(function (w) { return w.surface; }).join(sep);
      at += span;
      if (filler) { ignored.push(label); continue; }
      var own = taken.filter(function (w) { return !stop.has(w.key); })
        .map(function (w) { return w.token; });
      if (own.length && seen.has(own.join(SEP))) { phrase = phrase.concat(own); continue; }
      seen.add(own.join(SEP));
      var more = conceptPhrases(game, concepts).filter(function (p) {
        return !samePhrase(p, own);
      });
      var weak = concepts.length || span > 1 ? null : weakness(taken[0].key);
      var isMended = sep !== "" && taken.some(function (w) { return fold(w.surface) !== w.key; });
      var group = { label: label, own: own.length ? [own] : [], more: more, soft: false,
        weight: isMended ? data.weights.mended : 1.0, tables: FULL };
      groups = groups.concat(weak === null ? [group] : weakGroups(group, weak, taken[0].key));
      phrase = phrase.concat(own);
    }
    if (groups.every(function (g) { return g.soft || g.tables !== FULL; })) {
      var byLabel = new Map();
      groups.forEach(function (g) {
        byLabel.set(g.label, { label: g.label, own: g.own, more: g.more, soft: false, weight: 1.0,
          tables: FULL });
      });
      groups = Array.from(byLabel.values());
    }
    if (groups.length > 1 && phrase.length > 1) {
      groups.push({ label: "", own: [phrase], more: [], soft: true, weight: data.weights.phrase,
        tables: FULL });
    }
    if (asksNumber && game.hint >= 0) {
      groups.push({ label: "", own: [], more: conceptPhrases(game, [game.hint]), soft: true,
        weight: data.weights.quantity, tables: FULL });
    }
    return { groups: groups, ignored: ignored, asksNumber: asksNumber };
  }

  function table(name) {
    if (tables[name]) { return tables[name]; }
    var rows = data[name].map(function (ids) { return ids.map(function (i) { return data.vocab[i]; }); });
    var total = rows.reduce(function (sum, row) { return sum + row.length; }, 0);
    tables[name] = { rows: rows, avgdl: total / rows.length };
    return tables[name];
  }

  function hits(row, phrase) {
    var count = 0;
    for (var p = 0; p + phrase.length <= row.length; p++) {
      var all = true;
      for (var j = 0; j < phrase.length; j++) {
        if (row[p + j] !== phrase[j]) { all = false; break; }
      }
      if (all) { count += 1; }
    }
    return count;
  }

  // FTS5's bm25() of every row of `name` matching any of the phrases (fts5_aux.c).
  function bm25(name, phrases) {
    var t = table(name);
    var n = t.rows.length;
    var freqs = t.rows.map(function (row) { return phrases.map(function (p) { return hits(row, p); }); });
    var idf = phrases.map(function (_p, i) {
      var nHit = freqs.filter(function (f) { return f[i] > 0; }).length;
      var value = Math.log((n - nHit + 0.5) / (nHit + 0.5));
      return value <= 0 ? 1e-6 : value;
    });
    var scores = new Map();
    freqs.forEach(function (f, r) {
      if (!f.some(function (x) { return x > 0; })) { return; }
      var d = t.rows[r].length;
      var score = 0;
      for (var i = 0; i < phrases.length; i++) {
        score += idf[i] * ((f[i] * (K1 + 1.0)) / (f[i] + K1 * (1 - B + B * d / t.avgdl)));
      }
      scores.set(r, -1.0 * score);
    });
    return scores;
  }

  // engine.py's _scores: each part's BM25 summed over the tables, then over the parts.
  function scoresFor(parts, gameId, only, names) {
    var tables = [["heads", data.weights.head], ["aliases", data.weights.alias], ["bodies", 1.0]]
      .filter(function (pair) { return names.indexOf(pair[0]) >= 0; });
    var scores = new Map();
    parts.forEach(function (part) {
      var phrases = part[0];
      if (!phrases.length || (only !== null && !only.size)) { return; }
      var sum = new Map();
      tables.forEach(function (pair) {
        var weight = part[1] * pair[1];
        bm25(pair[0], phrases).forEach(function (score, r) {
          var id = data.rows[r][1];
          if (data.rows[r][0] !== gameId || (only !== null && !only.has(id))) { return; }
          sum.set(id, (sum.has(id) ? sum.get(id) : 0.0) + weight * score);
        });
      });
      sum.forEach(function (score, id) {
        scores.set(id, score + (scores.has(id) ? scores.get(id) : 0.0));
      });
    });
    return scores;
  }

  function exactRule(gameId, query) {
    var match = /^\s*([A-Za-z]{2,3})[\s_-]?(\d{3})\s*$/.exec(query);
    var id = match ? match[1].toUpperCase() + "-" + match[2] : query.trim().toUpperCase();
    return data.rows.find(function (row) { return row[0] === gameId && row[1] === id; });
  }

  // query.py's Parsed.share: a weak word found in a title counts less.
  function share(group) {
    return group.tables === FULL ? 1.0 : data.weights.weakShare;
  }

  // query.py's Parsed.broad: a question about several things that asks no number.
  function broad(parsed) {
    var full = parsed.groups.filter(function (g) { return !g.soft && g.tables === FULL; });
    return full.length >= data.inventoryFrom && !parsed.asksNumber;
  }

  // The rules of one game for `text`, best first: [{id, title, matched}].
  function searchGame(gameId, text) {
    var game = data.games[gameId];
    var query = text.trim();
    if (!query || !game) { return []; }
    var exact = exactRule(gameId, query);
    if (exact) { return [{ id: exact[1], title: exact[3], matched: [query], order: exact[2] }]; }
    var found = new Map();
    var parsed = parse(game, query);
    var groups = parsed.groups;
    var ordered = groups.filter(function (g) { return !g.soft; })
      .concat(groups.filter(function (g) { return g.soft; }));
    ordered.forEach(function (group) {
      var parts = [[group.own, group.weight], [group.more, group.weight * data.weights.more]];
      var only = group.soft ? new Set(found.keys()) : null;
      scoresFor(parts, gameId, only, group.tables).forEach(function (score, id) {
        if (group.soft) { found.get(id).score += score; return; }
        if (!found.has(id)) { found.set(id, { share: 0.0, score: 0.0, labels: [] }); }
        var tally = found.get(id);
        tally.share += share(group);
        tally.score += score;
        if (tally.labels.indexOf(group.label) < 0) { tally.labels.push(group.label); }
      });
    });
    var general = new Set(game.general.concat(broad(parsed) ? game.inventory : []));
    general.forEach(function (id) {
      if (found.has(id)) { found.get(id).score *= data.weights.general; }
    });
    var total = parsed.groups.filter(function (g) { return !g.soft; })
      .reduce(function (sum, g) { return sum + share(g); }, 0) || 1.0;
    var rows = new Map(data.rows.filter(function (r) { return r[0] === gameId; })
      .map(function (r) { return [r[1], r]; }));
    return Array.from(found.entries()).map(function (entry) {
      var row = rows.get(entry[0]);
      var held = entry[1].share / total;
      return {
        id: entry[0], title: row[3], order: row[2], matched: entry[1].labels,
        score: entry[1].score * (held * held),
      };
    }).sort(function (a, b) {
      return (a.score - b.score) || (a.order - b.order);
    });
  }

  // difflib's SequenceMatcher(None, a, b).ratio() without junk (the words are short).
  function ratio(a, b) {
    var b2j = new Map();
    b.forEach(function (c, j) {
      if (!b2j.has(c)) { b2j.set(c, []); }
      b2j.get(c).push(j);
    });
    function longest(alo, ahi, blo, bhi) {
      var besti = alo, bestj = blo, bestsize = 0;
      var j2len = new Map();
      for (var i = alo; i < ahi; i++) {
        var next = new Map();
        var js = b2j.get(a[i]) || [];
        for (var t = 0; t < js.length; t++) {
          var j = js[t];
          if (j < blo) { continue; }
          if (j >= bhi) { break; }
          var k = (j2len.get(j - 1) || 0) + 1;
          next.set(j, k);
          if (k > bestsize) { besti = i - k + 1; bestj = j - k + 1; bestsize = k; }
        }
        j2len = next;
      }
      while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) {
        besti -= 1; bestj -= 1; bestsize += 1;
      }
      while (besti + bestsize < ahi && bestj + bestsize < bhi &&
             a[besti + bestsize] === b[bestj + bestsize]) { bestsize += 1; }
      return [besti, bestj, bestsize];
    }
    var matches = 0;
    var queue = [[0, a.length, 0, b.length]];
    while (queue.length) {
      var q = queue.pop();
      var m = longest(q[0], q[1], q[2], q[3]);
      if (m[2]) {
        matches += m[2];
        if (q[0] < m[0] && q[2] < m[1]) { queue.push([q[0], m[0], q[2], m[1]]); }
        if (m[0] + m[2] < q[1] && m[1] + m[2] < q[3]) {
          queue.push([m[0] + m[2], q[1], m[1] + m[2], q[3]]);
        }
      }
    }
    var length = a.length + b.length;
    return length ? 2.0 * matches / length : 1.0;
  }

  // difflib.get_close_matches: the best n above the cutoff, ties to the larger word.
  function closeMatches(word, possibilities, n, cutoff) {
    var b = Array.from(word);
    var found = [];
    possibilities.forEach(function (x) {
      var score = ratio(Array.from(x), b);
      if (score >= cutoff) { found.push([score, x]); }
    });
    found.sort(function (p, q) {
      return (q[0] - p[0]) || (p[1] < q[1] ? 1 : p[1] > q[1] ? -1 : 0);
    });
    return found.slice(0, n).map(function (pair) { return pair[1]; });
  }

  // The glossary's terms closest to the words of a query that found nothing in a game.
  function suggest(gameId, text) {
    var game = data.games[gameId];
    if (!game || searchGame(gameId, text).length) { return []; }
    var names = new Map(game.names);
    var words = Array.from(names.keys());
    var found = [];
    parse(game, text.trim()).groups.forEach(function (group) {
      if (group.soft) { return; }
      closeMatches(fold(group.label), words, data.suggest.n, data.suggest.cutoff)
        .forEach(function (word) {
          if (found.indexOf(names.get(word)) < 0) { found.push(names.get(word)); }
        });
    });
    return found.slice(0, data.suggest.n);
  }

  // Every game's rules for `text`: [{game, name, rules}], the game with the best rule first.
  function search(text) {
    var results = Object.keys(data.games).map(function (gameId) {
      return { game: gameId, name: data.games[gameId].name, rules: searchGame(gameId, text) };
    }).filter(function (r) { return r.rules.length; });
    return results.sort(function (a, b) {
      var x = a.rules[0];
      var y = b.rules[0];
      return ((y.count || 0) - (x.count || 0)) || ((x.score || 0) - (y.score || 0));
    });
  }

  function render(container, text) {
    var results = search(text);
    var heading = document.createElement("h2");
    heading.textContent = data.labels.rules;
    container.appendChild(heading);
    if (!results.length) {
      var none = document.createElement("p");
      none.textContent = data.labels.none;
      container.appendChild(none);
      Object.keys(data.games).forEach(function (gameId) {
        var terms = suggest(gameId, text);
        if (!terms.length) { return; }
        var hint = document.createElement("p");
        hint.className = "suggestions";
        hint.dataset.game = gameId;
        hint.textContent = data.games[gameId].name + " — " + data.labels.closest + " " +
          terms.join(", ");
        container.appendChild(hint);
      });
      return;
    }
    results.forEach(function (result) {
      var title = document.createElement("h3");
      title.textContent = result.name;
      container.appendChild(title);
      var list = document.createElement("ul");
      list.className = "adjudicator-rule-results";
      list.dataset.game = result.game;
      result.rules.slice(0, 10).forEach(function (rule) {
        var item = document.createElement("li");
        item.dataset.rule = rule.id;
        var link = document.createElement("a");
        link.href = "games/" + result.game + "/rules.html#rule-" + rule.id;
        link.textContent = rule.id + " — " + rule.title;
        item.appendChild(link);
        var why = document.createElement("span");
        why.className = "matched";
        var said = data.labels.matched.replace("{words}", rule.matched.join(data.labels.sep));
        why.textContent = said.charAt(0) === "（" ? said : " " + said;
        item.appendChild(why);
        list.appendChild(item);
      });
      container.appendChild(list);
    });
  }

  function start() {
    var query = new URLSearchParams(window.location.search).get("q");
    var anchor = document.getElementById("search-results");
    if (!data || !query || !anchor) { return; }
    var container = document.createElement("section");
    container.id = "adjudicator-rules";
    anchor.parentNode.insertBefore(container, anchor);
    render(container, query);
  }

  // The words of a query as typed, less the filler words: the Chinese search page's
  // splitQuery (adjudicator/docs_search.py), so that Sphinx looks up whole words.
  function terms(text) {
    var fillers = new Set(data.fillers);
    return analyze(text).filter(function (w) { return !fillers.has(w.key); })
      .map(function (w) { return w.surface; });
  }

  return {
    load: function (json) { data = json; },
    ready: function () { return data !== null; },
    analyze: function (text) { return analyze(text); },
    terms: terms,
    searchGame: searchGame,
    suggest: suggest,
    search: search,
    start: start,
  };
})();

if (typeof document !== "undefined") {
  document.addEventListener("DOMContentLoaded", function () { AdjudicatorSearch.start(); });
}
