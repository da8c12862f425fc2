// A check program with no test cases: what run_check_program() does with its command line, before
// any lab's code runs (main() is memlab_check_main's).
