"""Coach AI core: the code shared by every Lambda function through one layer."""
