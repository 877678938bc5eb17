// Small written name lists for the mutation pairs (name-mutation-pairs.ts): Nepali/Hindi names in
// Devanagari with their common Latin spellings, Russian names in Cyrillic and Latin with their patronymic
// stems, Arabic names, well-known romanisation variants of one name, honorifics, and generic spelling drifts.
// Everything here is common public knowledge about how names are written; none of it is read by the matcher.

/** A name part as written in Devanagari and its Latin spellings (first: the commonest). */
export interface ScriptName {
  native: string;
  latin: readonly string[];
}

const devanagari = (rows: string): ScriptName[] =>
  rows
    .trim()
    .split("\n")
    .map((row) => {
      const [native = "", spellings = ""] = row.trim().split(/\s*=\s*/);
      return { native, latin: spellings.split("/") };
    });

export const NEPALI_GIVEN = devanagari(`
  राम = Ram/Raam
  श्याम = Shyam/Shyaam/Syam
  हरि = Hari/Haree
  कृष्ण = Krishna/Krisna/Krishn
  सीता = Sita/Seeta
  गीता = Gita/Geeta
  लक्ष्मी = Laxmi/Lakshmi/Luxmi
  प्रकाश = Prakash/Prakas
  सुरेश = Suresh/Suresh
  रमेश = Ramesh/Ramesh
  दीपक = Deepak/Dipak
  विकास = Bikash/Vikas/Bikas
  सन्तोष = Santosh/Santos/Santosh
  गणेश = Ganesh/Ganesh
  महेश = Mahesh/Mahes
  राजेन्द्र = Rajendra/Rajendar
  नारायण = Narayan/Narayana
  कमल = Kamal/Kamal
  सुनिता = Sunita/Suneeta
  अनिता = Anita/Aneeta
  पार्वती = Parbati/Parvati
  शिव = Shiva/Shiv/Siva
  विष्णु = Bishnu/Vishnu
  भरत = Bharat/Bharath
  दिनेश = Dinesh/Dines
  नरेन्द्र = Narendra/Narendar
  योगेश = Yogesh/Yogesh
  सञ्जय = Sanjay/Sanjaya
  अजय = Ajay/Ajaya
  विजय = Bijay/Vijay/Bijaya
  मनोज = Manoj/Manoj
  सरिता = Sarita/Saritha
  उमेश = Umesh/Umesh
  गोपाल = Gopal/Gopaal
  केशव = Keshav/Keshab
  रञ्जना = Ranjana/Ranjana
  पुष्पा = Pushpa/Puspa
  मीना = Meena/Mina
  अर्जुन = Arjun/Arjuna
  सुशील = Sushil/Susheel
`);

export const NEPALI_FAMILY = devanagari(`
  शर्मा = Sharma/Sarma
  श्रेष्ठ = Shrestha/Srestha/Shreshtha
  थापा = Thapa/Thappa
  गुरुङ = Gurung/Gurung
  तामाङ = Tamang/Tamang
  राई = Rai/Rai
  लिम्बु = Limbu/Limboo
  मगर = Magar/Magar
  अधिकारी = Adhikari/Adhikary
  पौडेल = Poudel/Paudel/Paudyal
  भट्टराई = Bhattarai/Bhatta Rai
  खड्का = Khadka/Khadka
  कार्की = Karki/Karkee
  बस्नेत = Basnet/Basnyat
  पाण्डे = Pandey/Pande/Pandeya
  जोशी = Joshi/Joshee
  यादव = Yadav/Yadaw
  सिंह = Singh/Sing
  गुप्ता = Gupta/Gupta
  वर्मा = Verma/Varma
  मिश्र = Mishra/Misra
  तिवारी = Tiwari/Tiwary
  चौधरी = Chaudhary/Chaudhari/Choudhury
  दाहाल = Dahal/Dahaal
  घिमिरे = Ghimire/Ghimirey
  कोइराला = Koirala/Koirala
  ओली = Oli/Olee
  प्रधान = Pradhan/Pradhaan
  महर्जन = Maharjan/Maharjan
  न्यौपाने = Neupane/Nyaupane
  रेग्मी = Regmi/Regmee
  आचार्य = Acharya/Acharya
`);

/** Middle names Nepali and Indian names often carry, and often drop. */
export const NEPALI_MIDDLE = devanagari(`
  बहादुर = Bahadur/Bahadur
  प्रसाद = Prasad/Prashad
  कुमार = Kumar/Kumar
  कुमारी = Kumari/Kumaree
  राज = Raj/Raj
  लाल = Lal/Laal
  नाथ = Nath/Nath
`);

/** A Russian given name: Latin spellings, Cyrillic, and the patronymic stem (+ich / +na) in both scripts. */
export interface RussianGiven {
  latin: readonly string[];
  cyrillic: string;
  patronymic: string;
  cyrillicPatronymic: string;
}

export const RUSSIAN_GIVEN: readonly RussianGiven[] = [
  {
    latin: ["Aleksandr", "Alexander", "Aleksander", "Alexandr"],
    cyrillic: "Александр",
    patronymic: "Aleksandrov",
    cyrillicPatronymic: "Александров",
  },
  {
    latin: ["Sergei", "Sergey", "Serguei", "Sergej"],
    cyrillic: "Сергей",
    patronymic: "Sergeyev",
    cyrillicPatronymic: "Сергеев",
  },
  {
    latin: ["Dmitri", "Dmitry", "Dmitriy", "Dmitrij"],
    cyrillic: "Дмитрий",
    patronymic: "Dmitriyev",
    cyrillicPatronymic: "Дмитриев",
  },
  {
    latin: ["Yuri", "Yury", "Iouri", "Yuriy"],
    cyrillic: "Юрий",
    patronymic: "Yuryev",
    cyrillicPatronymic: "Юрьев",
  },
  {
    latin: ["Mikhail", "Mihail", "Michail"],
    cyrillic: "Михаил",
    patronymic: "Mikhailov",
    cyrillicPatronymic: "Михайлов",
  },
  {
    latin: ["Andrei", "Andrey", "Andrej"],
    cyrillic: "Андрей",
    patronymic: "Andreyev",
    cyrillicPatronymic: "Андреев",
  },
  {
    latin: ["Nikolai", "Nikolay", "Nicolai"],
    cyrillic: "Николай",
    patronymic: "Nikolayev",
    cyrillicPatronymic: "Николаев",
  },
  { latin: ["Ivan", "Iwan"], cyrillic: "Иван", patronymic: "Ivanov", cyrillicPatronymic: "Иванов" },
  { latin: ["Pavel", "Pawel"], cyrillic: "Павел", patronymic: "Pavlov", cyrillicPatronymic: "Павлов" },
  {
    latin: ["Vladimir", "Wladimir"],
    cyrillic: "Владимир",
    patronymic: "Vladimirov",
    cyrillicPatronymic: "Владимиров",
  },
  { latin: ["Viktor", "Victor"], cyrillic: "Виктор", patronymic: "Viktorov", cyrillicPatronymic: "Викторов" },
  { latin: ["Oleg"], cyrillic: "Олег", patronymic: "Olegov", cyrillicPatronymic: "Олегов" },
  {
    latin: ["Aleksei", "Alexei", "Alexey", "Aleksey"],
    cyrillic: "Алексей",
    patronymic: "Alekseyev",
    cyrillicPatronymic: "Алексеев",
  },
  {
    latin: ["Yevgeny", "Evgeny", "Evgeniy", "Yevgeniy"],
    cyrillic: "Евгений",
    patronymic: "Yevgenyev",
    cyrillicPatronymic: "Евгеньев",
  },
  { latin: ["Boris"], cyrillic: "Борис", patronymic: "Borisov", cyrillicPatronymic: "Борисов" },
  {
    latin: ["Gennady", "Gennadiy", "Gennadi"],
    cyrillic: "Геннадий",
    patronymic: "Gennadyev",
    cyrillicPatronymic: "Геннадьев",
  },
];

/** Russian family names (masculine; the feminine adds "a"), Latin and Cyrillic. */
export const RUSSIAN_FAMILY: readonly { latin: string; cyrillic: string }[] = [
  ["Ivanov", "Иванов"],
  ["Petrov", "Петров"],
  ["Smirnov", "Смирнов"],
  ["Kuznetsov", "Кузнецов"],
  ["Popov", "Попов"],
  ["Sokolov", "Соколов"],
  ["Volkov", "Волков"],
  ["Morozov", "Морозов"],
  ["Novikov", "Новиков"],
  ["Lebedev", "Лебедев"],
  ["Kozlov", "Козлов"],
  ["Orlov", "Орлов"],
  ["Zaitsev", "Зайцев"],
  ["Frolov", "Фролов"],
  ["Belov", "Белов"],
  ["Gusev", "Гусев"],
].map(([latin = "", cyrillic = ""]) => ({ latin, cyrillic }));

/** Arabic given names, each with its common Latin spellings. */
export const ARABIC_GIVEN: readonly (readonly string[])[] = [
  ["Mohammed", "Muhammad", "Mohamed", "Mohammad", "Muhammed", "Mohamad"],
  ["Ahmed", "Ahmad"],
  ["Hussein", "Husain", "Hussain", "Hosein"],
  ["Yusuf", "Youssef", "Yousef", "Yusef"],
  ["Omar", "Umar"],
  ["Osama", "Usama"],
  ["Khalid", "Khaled"],
  ["Abdullah", "Abdallah", "Abdulla"],
  ["Mustafa", "Mostafa", "Moustafa"],
  ["Ibrahim", "Ebrahim", "Ibraheem"],
  ["Hassan", "Hasan"],
  ["Saeed", "Said", "Sayeed"],
  ["Tariq", "Tarek", "Tareq"],
  ["Abdul Rahman", "Abdulrahman", "Abd al-Rahman", "Abdurrahman"],
  ["Faisal", "Faysal", "Feisal"],
  ["Jamal", "Gamal"],
  ["Ali"],
  ["Karim", "Kareem"],
];

export const ARABIC_FAMILY: readonly string[] = [
  "Al-Rashid",
  "Al-Masri",
  "Haddad",
  "Khan",
  "Qureshi",
  "Al-Tamimi",
  "Nasser",
  "Hamdan",
  "Al-Zahrani",
  "Mansour",
  "Al-Amri",
  "Siddiqui",
  "Al-Harbi",
  "Saleh",
];

/** Other well-known romanisation variants of one name (Korean, Chinese, Persian, Turkish). */
export const OTHER_VARIANTS: readonly (readonly string[])[] = [
  ["Choe", "Choi", "Chwe"],
  ["Jong", "Chong"],
  ["Pak", "Park", "Bak"],
  ["Ri", "Lee", "Yi", "Rhee"],
  ["Jang", "Chang"],
  ["Jun", "Chun"],
  ["Zhou", "Chou"],
  ["Zhang", "Chang"],
  ["Xu", "Hsu"],
  ["Mahmoud", "Mahmud", "Mahmood"],
  ["Reza", "Riza", "Rza"],
  ["Mehmet", "Mehmed"],
];

/** Titles and honorifics a name is sometimes written with. */
export const HONORIFICS: readonly string[] = [
  "Mr",
  "Mr.",
  "Mrs",
  "Dr",
  "Dr.",
  "Prof.",
  "Shri",
  "Sri",
  "Smt.",
  "Haji",
  "Hajji",
  "Sheikh",
  "Shaykh",
  "Mullah",
  "Sayed",
  "Maulana",
  "Hon.",
  "Capt.",
];

/** Generic spelling drifts between romanisations: [pattern, replacement], applied once to one part. */
export const SPELLING_DRIFTS: readonly [RegExp, string][] = [
  [/ph/, "f"],
  [/f/, "ph"],
  [/ou/, "u"],
  [/u(?!u)/, "ou"],
  [/ee/, "i"],
  [/i(?!i)/, "ee"],
  [/oo/, "u"],
  [/kh/, "h"],
  [/sh/, "sch"],
  [/sh/, "s"],
  [/v/, "w"],
  [/w/, "v"],
  [/y/, "i"],
  [/c(?=[aou])/, "k"],
  [/k/, "c"],
  [/j/, "dzh"],
  [/ei$/, "ey"],
  [/iy$/, "i"],
  [/q/, "k"],
  [/dh/, "d"],
  [/th/, "t"],
  [/ck/, "k"],
  [/x/, "ks"],
  [/([bdfgklmnprst])\1/, "$1"],
];
