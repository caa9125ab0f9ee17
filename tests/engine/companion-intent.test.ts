import { describe, expect, it } from 'vitest';
import { detectIntent } from '../../src/engine/companion';
import { analyse } from '../../src/engine/companion/intent';

describe("Rule 'an apology for a silence': nothing to forgive", () => {
  it.each([
    'sorry I was busy',
    'sorry for the late reply!',
    'so sorry, I disappeared',
    'sorry',
    'my bad',
  ])('%j is an apology', (message) => {
    expect(analyse(message).flavour).toBe('apology');
  });

  it.each(['sorry to hear that', 'sorry, what did you say?', "I'm sorry for your loss"])(
    '%j is not one',
    (message) => {
      expect(analyse(message).flavour).not.toBe('apology');
    },
  );
});

describe("Rule 'are you there?' leading a message: she says she is, then reads the rest", () => {
  it.each([
    ['Are you there? I am in the tunnel.', 'statement', 'I am in the tunnel.'],
    ['you there? the train is late again', 'feeling', 'the train is late again'],
    ["hey, you still awake? I can't sleep", 'feeling', "I can't sleep"],
  ])('%j: checked in, then a %s: %j', (message, intent, rest) => {
    const analysis = analyse(message);
    expect(analysis.checkedIn).toBe(true);
    expect(analysis.intent).toBe(intent);
    expect(analysis.rest).toBe(rest);
  });

  it.each(['are you there?', 'you still there??', 'are you there to help me?'])(
    '%j alone is no check-in before more',
    (message) => {
      expect(analyse(message).checkedIn).toBe(false);
    },
  );
});

describe('detectIntent', () => {
  it.each([
    // greetings
    ['hi', 'greeting'],
    ['hello!', 'greeting'],
    ['helloooo ~', 'greeting'],
    ['hey kiri', 'greeting'],
    ['good morning!', 'greeting'],
    ['Hiya', 'greeting'],
    // farewells
    ['bye', 'farewell'],
    ['good night kiri', 'farewell'],
    ["ok I'm going to bed", 'farewell'],
    ['see you tomorrow!', 'farewell'],
    ['gotta go', 'farewell'],
    ['cute. I have to go back, meeting in 5', 'farewell'],
    ['ok back to work', 'farewell'],
    ['gotta get back to work', 'farewell'],
    ['gotta go, talk later', 'farewell'],
    ['bye! I have to go to work tomorrow', 'farewell'],
    // goingLater: a going told for later is a plan, not a goodbye now
    ['I have to go to the dentist tomorrow', 'statement'],
    ['I have to go back to work on Monday', 'statement'],
    ['gotta go to the store later', 'statement'],
    ['back to work tomorrow, ugh', 'statement'],
    // thanks
    ['thanks!', 'thanks'],
    ['thank you so much', 'thanks'],
    ['I really appreciate it, thanks', 'thanks'],
    // questions
    ['what is the capital of France?', 'question'],
    ['why is the sky blue', 'question'],
    ['should I quit my job?', 'question'],
    ['what time is it?', 'question'],
    ['can you help me plan my week?', 'question'],
    // feelings
    ["I'm so sad today", 'feeling'],
    ['ugh, work is so stressful', 'feeling'],
    ['hey, I feel lonely', 'feeling'],
    ["I'm exhausted", 'feeling'],
    // about Kiri
    ['who are you?', 'about_kiri'],
    ["what's your name?", 'about_kiri'],
    ['how are you?', 'about_kiri'],
    ['hi, how are you doing?', 'about_kiri'],
    ['are you a bot?', 'about_kiri'],
    ['what are you doing?', 'about_kiri'],
    // remember
    ['remember that my sister is called Ana', 'remember'],
    ["don't forget I have a dentist appointment on Friday", 'remember'],
    ['Kiri, please remember to buy milk', 'remember'],
    ['my birthday is May 5, remember that', 'remember'],
    // recall
    ['what do you remember?', 'recall'],
    ['do you remember my sister?', 'recall'],
    ['what did I tell you about tea?', 'recall'],
    ["what's my sister's name?", 'recall'],
    ['can you remember what I said about tea?', 'recall'],
    // statements and the negatives of the keyword rules
    ['this is my history', 'statement'],
    ['high five', 'statement'],
    ['I went to the park with my dog', 'statement'],
    // Not a greeting; a rough morning is hard news, heard as sad (hardship.ts), no longer a statement.
    ['morning was rough', 'feeling'],
    ['I remember my childhood', 'statement'],
    ['I was tired. Remember when we talked about tea?', 'recall'],
    ['no thanks', 'statement'],
    ['thanks to the rain I am stuck at home', 'statement'],
    ['I said bye to my friend at the station and then walked home through the rain', 'statement'],
    ['I am not sad', 'statement'],
    ['I love you', 'statement'],
    ['ok', 'statement'],
    ['😊', 'statement'],
    ['', 'statement'],
  ])('%j is %s', (text, intent) => {
    expect(detectIntent(text).intent).toBe(intent);
  });

  it.each([
    ["I'm so sad today", 'sad'],
    ['so tired after work', 'tired'],
    ['I had such a great day, I am so happy', 'happy'],
    ["I'm nervous about tomorrow", 'anxious'],
    ['my boss made me so angry', 'angry'],
    ['I feel lonely tonight', 'lonely'],
    ['I am stressed out', 'stressed'],
    ["I can't wait for the concert, I'm so excited", 'excited'],
    ["I'm bored", 'bored'],
    ['I feel so grateful for my friends', 'grateful'],
    ['thank you!', 'grateful'],
  ])('%j feels %s', (text, feeling) => {
    expect(detectIntent(text).feeling).toBe(feeling);
  });

  it('has no feeling for a plain statement or a negated feeling word', () => {
    expect(detectIntent('I went to the shop').feeling).toBeNull();
    expect(detectIntent("I'm not tired at all").feeling).toBeNull();
  });

  it.each([
    ['remember that my sister is called Ana.', 'my sister is called Ana'],
    [
      "Don't forget: I have a dentist appointment on Friday!",
      'I have a dentist appointment on Friday',
    ],
    ['please remember to buy milk please', 'I need to buy milk'],
    ['my birthday is May 5, remember that!', 'my birthday is May 5'],
    ['hey kiri, remember I like jasmine tea ~', 'I like jasmine tea'],
    // Asked in a later sentence: the earlier ones say who 'her' is.
    ['I got a cat today. Remember that her name is Mochi!', 'I got a cat today; her name is Mochi'],
    ['Long day. Oh and please remember I hate mushrooms', 'Long day; I hate mushrooms'],
  ])('%j stores %j', (text, thing) => {
    const result = detectIntent(text);
    expect(result.intent).toBe('remember');
    expect(result.remember).toBe(thing);
  });

  it('gives the recall query, or null for "what do you remember"', () => {
    expect(detectIntent('what do you remember?').recallQuery).toBeNull();
    expect(detectIntent('what do you remember about me?').recallQuery).toBeNull();
    expect(detectIntent('what did I tell you about my sister?').recallQuery).toBe('my sister');
    expect(detectIntent('do you remember my favourite tea?').recallQuery).toBe('my favourite tea');
    expect(detectIntent('hello').remember).toBeNull();
  });
});
